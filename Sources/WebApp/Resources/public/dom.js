// The two DOM helpers every page script uses.
export function byId(id) { return document.getElementById(id); }

// A new element of `tag` with a class and, if given, a text.
export function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
