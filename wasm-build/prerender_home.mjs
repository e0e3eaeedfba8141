// The home page's game cards as HTML, drawn by the page's own code (js/home-cards.js) under Node:
// `node prerender_home.mjs <built site>` prints the English cards of the build's list of games
// (js/home-data.js), which home_data.py writes into index.html so that the first paint holds them.
// The page's code builds elements with document.createElement (js/table/dom.js); the few parts of
// the DOM it uses are stood in for here by elements that print themselves as HTML.
import { pathToFileURL } from "node:url";
import path from "node:path";

const escapeText = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (s) => escapeText(s).replace(/"/g, "&quot;");
const VOID = new Set(["img", "br", "hr", "input", "meta", "link"]);

class Node {}
class Text extends Node {
  constructor(text) { super(); this.text = String(text); }
  get outerHTML() { return escapeText(this.text); }
}
class Element extends Node {
  constructor(name) { super(); this.name = name; this.className = ""; this.dataset = {}; this.attributes = []; this.children = []; }
  setAttribute(name, value) { this.attributes.push([name, String(value)]); }
  addEventListener() { throw new Error("a prerendered card cannot carry a listener: say where it goes in data-*"); }
  append(...nodes) { this.children.push(...nodes.map((n) => (n instanceof Node ? n : new Text(n)))); }
  set textContent(text) { this.children = [new Text(text)]; }
  get outerHTML() {
    const attributes = [
      ...(this.className ? [["class", this.className]] : []),
      ...Object.entries(this.dataset).map(([key, value]) => ["data-" + key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()), value]),
      ...this.attributes,
    ].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join("");
    if (VOID.has(this.name)) return `<${this.name}${attributes}>`;
    return `<${this.name}${attributes}>${this.children.map((c) => c.outerHTML).join("")}</${this.name}>`;
  }
}
globalThis.Node = Node;
globalThis.document = { createElement: (name) => new Element(name), createTextNode: (text) => new Text(text) };

const site = path.resolve(process.argv[2]);
const load = (file) => import(pathToFileURL(path.join(site, "js", file)).href);
const { catalogue } = await load("i18n.js");
await catalogue("en"); // the page's language before its modules run: index.html's own words are English
const { gameCards } = await load("home-cards.js");
const { default: data } = await load("home-data.js");
process.stdout.write(gameCards(data.games, data.lessons).map((card) => card.outerHTML).join("\n"));
