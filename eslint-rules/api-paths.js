/**
 * `lotus-api/no-path-literals`: the platform's API paths (/wps/, /lgw/, /lotto/, /ops/, /vendor/, /house/) are
 * written only in the endpoint definitions of packages/contracts (docs/ARCHITECTURE.md "Endpoints"). Everywhere
 * else a call names its endpoint (`api.call(getMemberInfo)`, `route(app, getMemberInfo, ...)`) or asks the
 * contracts for a URL (`endpointUrl`), so a path is renamed in one place. Tests that exercise raw HTTP on purpose,
 * the house vendor (a third party by design: it cannot import the contracts) and the scripts are not linted by it.
 */
const API_PATH = /^\/(wps|lgw|lotto|ops|vendor|house)(\/|\?|$)/;

/** @type {import('eslint').Rule.RuleModule} */
const noPathLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'API paths are written only in the endpoint definitions (packages/contracts)' },
    messages: {
      literal: 'API path {{path}} written by hand: call its endpoint from @lotus/contracts (or endpointUrl for a URL).',
    },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && API_PATH.test(text)) {
        context.report({ node, messageId: 'literal', data: { path: text.length > 40 ? `${text.slice(0, 40)}...` : text } });
      }
    };
    return {
      Literal(node) {
        check(node, node.value);
      },
      TemplateLiteral(node) {
        check(node, node.quasis[0]?.value.cooked);
      },
    };
  },
};

export default { rules: { 'no-path-literals': noPathLiterals } };

/** The rule for the given files (eslint.config.js; the rule's own test lints a fixture with it). */
export function apiPaths(files, ignores = []) {
  return [{ files, ignores, plugins: { 'lotus-api': { rules: { 'no-path-literals': noPathLiterals } } }, rules: { 'lotus-api/no-path-literals': 'error' } }];
}
