import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connection } from 'next/server';
import { createElement } from 'react';
import { notFound } from 'next/navigation';

/**
 * Bare dynamic page with a shop page's markup: `npm run bench` captures the body of a page it measures (the
 * elements, attributes and text as served, scripts left out) into BENCH_MARKUP_DIR/<page>.json, and this page
 * renders the same elements as plain server components on every request. What it serves is what Next.js itself
 * allows for that much markup, without the shop's components, providers, data or proxy.
 */
const trees = new Map();

function treeOf(page) {
  if (!/^[a-z0-9-]{1,60}$/.test(page) || !process.env.BENCH_MARKUP_DIR) return null;
  if (!trees.has(page)) {
    try {
      trees.set(page, JSON.parse(readFileSync(path.join(process.env.BENCH_MARKUP_DIR, `${page}.json`), 'utf8')));
    } catch {
      return null;
    }
  }
  return trees.get(page);
}

function render(node, key) {
  if (typeof node === 'string') return node;
  const [tag, props, children] = node;
  // A void element's children are empty: createElement passes it none.
  return createElement(tag, { ...props, key }, ...children.map(render));
}

export default async function Markup({ params }) {
  await connection();
  const tree = treeOf((await params).page);
  if (!tree) notFound();
  return <>{tree.map(render)}</>;
}
