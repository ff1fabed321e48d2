// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { markupTree } from '../scripts/markup-tree.mjs';

describe('the bench’s markup capture (a rendered page’s body for the bare app)', () => {
  it('keeps elements, attributes under React’s names and text; leaves scripts, styles, comments and handlers out', () => {
    const html =
      '<!DOCTYPE html><html><head><title>t</title></head><body>' +
      '<header class="h"><a href="/rca" tabindex="0">RCA</a></header><!--c-->' +
      '<script>self.__next_f.push([1,"x"])</script><style>.a{}</style>' +
      '<label for="p">Număr</label><input id="p" value="B 123 ABC" maxlength="10" style="color:red" onclick="x()">' +
      '<input type="checkbox" checked><svg viewBox="0 0 1 1" stroke-width="2"></svg>' +
      '</body></html>';
    expect(markupTree(html)).toEqual([
      ['header', { className: 'h' }, [['a', { href: '/rca', tabIndex: '0' }, ['RCA']]]],
      ['label', { htmlFor: 'p' }, ['Număr']],
      ['input', { id: 'p', defaultValue: 'B 123 ABC', maxLength: '10' }, []],
      ['input', { type: 'checkbox', defaultChecked: true }, []],
      ['svg', { viewBox: '0 0 1 1', strokeWidth: '2' }, []],
    ]);
  });
});
