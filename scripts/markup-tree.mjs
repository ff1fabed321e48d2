/**
 * A page's body as a tree for the bench's bare markup page (bench/baseline/app/markup): [tag, props, children]
 * with React's prop names, text as strings, scripts, styles, templates and comments left out, form values as
 * their defaults (the bare page has no handlers).
 */
import { parse } from 'parse5';

const PROP_NAMES = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  spellcheck: 'spellCheck',
  autocapitalize: 'autoCapitalize',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  viewbox: 'viewBox',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  novalidate: 'noValidate',
  autofocus: 'autoFocus',
  crossorigin: 'crossOrigin',
  'accept-charset': 'acceptCharset',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
};
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

function propsOf(tag, attrs) {
  const props = {};
  for (const { name, value } of attrs) {
    // Inline styles are strings here (React wants objects), handlers are not markup.
    if (name === 'style' || name.startsWith('on')) continue;
    props[PROP_NAMES[name] ?? name] = value;
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    if ('value' in props) {
      props.defaultValue = props.value;
      delete props.value;
    }
    if ('checked' in props) {
      props.defaultChecked = true;
      delete props.checked;
    }
  }
  return props;
}

function convert(node) {
  if (node.nodeName === '#text') return node.value;
  if (node.nodeName.startsWith('#') || SKIPPED.has(node.nodeName)) return null;
  const children = (node.childNodes ?? []).map(convert).filter((child) => child !== null);
  return [node.nodeName, propsOf(node.nodeName, node.attrs), children];
}

/** The body's children of an HTML document as trees. */
export function markupTree(html) {
  const document = parse(html);
  const root = document.childNodes.find((node) => node.nodeName === 'html');
  const body = root?.childNodes.find((node) => node.nodeName === 'body');
  if (!body) throw new Error('no <body> in the page');
  return body.childNodes.map(convert).filter((child) => child !== null);
}
