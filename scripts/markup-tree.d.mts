/** Types for scripts/markup-tree.mjs (imported by its unit test). */
export type MarkupNode = string | [tag: string, props: Record<string, string | boolean>, children: MarkupNode[]];
export declare function markupTree(html: string): MarkupNode[];
