// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findInformal } from './helpers/informal-voice';

/**
 * Issue 19, item 4: one voice. Every text the app's source can show or send (pages, components, validation
 * messages, toasts, the backend's messages, mails, PDFs, seed content) addresses the customer formally. This
 * reads the string literals, template parts and JSX text of the source (comments and code are not texts) and
 * fails on any informal form; e2e/voice.spec.ts checks the rendered result.
 */

const ROOT = path.resolve(__dirname, '..');
const SCANNED = ['app', 'components', 'lib', 'stores', 'server', 'backend/src'];

/**
 * Texts that are not the broker's voice. The simulated processor's checkout page stands for the processor's own
 * hosted page (a third party): its buttons keep the processor's wording.
 */
const NOT_OUR_VOICE: { file: string; text: string }[] = [{ file: 'backend/src/modules/payments/routes.ts', text: 'Plătește' }];

type Text = { file: string; line: number; text: string };

function sourceFiles(dir: string): string[] {
  return (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

/** The texts of one source file: string literals, template parts and JSX text, not imports. */
function textsOf(file: string): Text[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: Text[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isExternalModuleReference(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isJsxText(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      texts.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

function informalIn(files: string[]): string[] {
  return files.flatMap((file) =>
    textsOf(file).flatMap(({ line, text }) =>
      findInformal(text)
        .filter((hit) => !NOT_OUR_VOICE.some((x) => x.file === file && x.text === hit.match))
        .map((hit) => `${file}:${line} ${hit.name} "${hit.match}" in "${hit.context}"`),
    ),
  );
}

describe('one voice: the formal register', () => {
  it('the patterns catch the informal forms and pass the formal ones', () => {
    for (const informal of [
      'Vezi ofertele', 'Autentifică-te', 'Te rugăm să încerci din nou.', 'Intră în contul tău', 'Ai deja cont?',
      'Plasează comanda și plătește', 'Scrie-ne', 'pentru a-ți vedea polițele', 'O găsești în contul tău.',
      'Bună, Ana!', 'Nu îl comunica nimănui.', 'Dacă nu ai cerut resetarea', 'Ce asigurare cauți?',
    ]) {
      expect(findInformal(informal), informal).not.toEqual([]);
    }
    for (const formal of [
      'Vedeți ofertele', 'Autentificați-vă', 'Vă rugăm să încercați din nou.', 'Intrați în contul dumneavoastră',
      'Aveți deja cont?', 'Plasați comanda și plătiți', 'Scrieți-ne', 'Contactați-ne', 'Bună ziua, Ana!',
      'Clientul alege oferta.', 'Polița acoperă pagubele.', 'București', 'Se trimite…', 'Nu îl comunicați nimănui.',
      'Asigurări Broker Online SRL primește un comision.', 'Datele dumneavoastră', 'Așteaptă plata',
    ]) {
      expect(findInformal(formal), formal).toEqual([]);
    }
  });

  it('the validation messages are formal', () => {
    const files = sourceFiles('lib/validation');
    expect(files.length).toBeGreaterThan(0);
    expect(informalIn(files)).toEqual([]);
  });

  it('the mails, the policy PDF and the backend messages are formal', () => {
    const files = ['backend/src/mail', 'backend/src/pdf', 'backend/src/modules', 'backend/src/lib', 'backend/src/db'].flatMap(sourceFiles);
    expect(files).toEqual(expect.arrayContaining(['backend/src/mail/templates.ts', 'backend/src/pdf/policy-content.ts', 'backend/src/db/seed-data.ts']));
    expect(informalIn(files)).toEqual([]);
  });

  it('every other text of the web app and the backend is formal', { timeout: 60_000 }, () => {
    const files = SCANNED.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    expect(informalIn(files)).toEqual([]);
  });
});
