import type { EndpointInput } from '@lotus/contracts/endpoint';
import { addToCollection, listCollection, removeFromCollection, type TOpsCollection } from '@lotus/contracts/ops';
import { defineCommand, formatTable, parseJson, UsageError, type CliArgs } from '../../platform/cli/kit';

/**
 * The content collections from the command line: `banner|notice|cs|vendors|help list|add|remove`, each
 * collection named by its word (banners and notices also in the plural). `help` alone is the usage; with
 * list, add or remove it is the help articles.
 */

const COLLECTION_OF: Record<string, TOpsCollection> = {
  banner: 'banners',
  banners: 'banners',
  notice: 'notices',
  notices: 'notices',
  cs: 'cs',
  vendors: 'vendors',
  help: 'help',
};

const COLUMNS: Record<TOpsCollection, string[]> = {
  banners: ['id', 'groupName', 'language', 'sort', 'title', 'imageUrl'],
  notices: ['id', 'type', 'language', 'sort', 'title'],
  cs: ['id', 'csType', 'csPosition', 'sort', 'title', 'url'],
  vendors: ['id', 'gameType', 'vassalage', 'displayName', 'isHot', 'enabled'],
  help: ['id', 'language', 'categoryKey', 'slug', 'title'],
};

const NAMES = 'banner|notice|cs|vendors|help';
/** The typed forms of `<collection> <action>`: every word of COLLECTION_OF. */
const aliasesOf = (action: string) => Object.keys(COLLECTION_OF).map((word) => `${word} ${action}`);

/** The collection the command was called for, and the word that named it (the output repeats it). */
function collectionOf({ called }: CliArgs): { word: string; collection: TOpsCollection } {
  const word = called[0]!;
  return { word, collection: COLLECTION_OF[word]! };
}

export const opsContentCommands = [
  defineCommand({
    name: `${NAMES} list`,
    aliases: aliasesOf('list'),
    help: "content collections (vendors: the home page's display list)",
    async run(ctx, args) {
      const { collection } = collectionOf(args);
      ctx.log(formatTable(await ctx.call(listCollection[collection]), COLUMNS[collection]));
    },
  }),
  defineCommand({
    name: `${NAMES} add`,
    aliases: aliasesOf('add'),
    usage: '<json>',
    help: '',
    async run(ctx, args) {
      const { word, collection } = collectionOf(args);
      // The operator's JSON goes as it is: the server validates it (validation_failed names the fields).
      const input = { body: parseJson(args.raw.join(' ') || undefined, `the ${word}`) } as EndpointInput<(typeof addToCollection)[TOpsCollection]>;
      const row = await ctx.call(addToCollection[collection], input);
      ctx.log(JSON.stringify(row, null, 2));
      ctx.log(`Added ${word} ${String(row.id)}.`);
    },
  }),
  defineCommand({
    name: `${NAMES} remove`,
    aliases: aliasesOf('remove'),
    usage: '<id>',
    help: '',
    async run(ctx, args) {
      const { word, collection } = collectionOf(args);
      const id = Number(args.positional[0]);
      if (!Number.isInteger(id) || id < 1) throw new UsageError(`Use: ${word} remove <id> (a positive number)`);
      await ctx.call(removeFromCollection[collection], { params: { id } });
      ctx.log(`Removed ${word} ${id}.`);
    },
  }),
];
