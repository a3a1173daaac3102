/**
 * The open modals, in opening order. Only the topmost one reacts to Escape / Enter / Tab, so a
 * dialog opened above a modal closes alone.
 */
const stack: symbol[] = [];

export function pushModal(id: symbol): void {
  stack.push(id);
}

export function removeModal(id: symbol): void {
  const index = stack.lastIndexOf(id);
  if (index >= 0) stack.splice(index, 1);
}

export function isTopModal(id: symbol): boolean {
  return stack[stack.length - 1] === id;
}
