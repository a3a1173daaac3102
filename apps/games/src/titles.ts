import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { compileGame, type CompiledGame } from './compile';
import { parseDefinition, type TGameDefinition } from './definition';

/** Where the house titles' definitions live (apps/games/games/<code>.json). */
export const TITLES_DIR = path.join(import.meta.dirname, '..', 'games');

export function loadDefinitionFile(file: string): TGameDefinition {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const definition = parseDefinition(json);
  const expected = path.basename(file, '.json');
  if (definition.code !== expected)
    throw new Error(`${file}: code "${definition.code}" differs from the file name`);
  return definition;
}

/** Every title in a folder, compiled, by code. */
export function loadTitles(dir: string = TITLES_DIR): Map<string, CompiledGame> {
  const titles = new Map<string, CompiledGame>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const definition = loadDefinitionFile(path.join(dir, file));
    titles.set(definition.code, compileGame(definition));
  }
  return titles;
}
