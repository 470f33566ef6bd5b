// What the lobby and the game page share (loaded before their own scripts, base.html):
// the page's words in its language and making elements, as window.civtable.
"use strict";
window.civtable = (function () {
  const I18N = JSON.parse((document.getElementById("i18n") || {}).textContent || "{}");
  // the page's words in its language (sent with the page); {name} fields filled from args
  const _ = (text, args) => {
    let s = I18N[text] || text;
    for (const [k, v] of Object.entries(args || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  };
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  return {_, $, el};
})();
