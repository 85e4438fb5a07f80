/**
 * XSS payloads written into checkpoints. Each one, if it ever ran, would set a `window.__xss_*` global
 * (or its parent's). The e2e spec opens every view of these checkpoints and checks none is set.
 */

export const XSS_HTML = `  <h2 id="xss">Payloads</h2>
  <script>window.__xss_script = 1</script>
  <img src="x" onerror="window.__xss_onerror = 1">
  <p><a id="xss-js-link" href="javascript:window.__xss_js_link=1">javascript link</a></p>
  <p><a href="&#106;avascript:window.__xss_entity_link=1">entity link</a></p>
  <iframe src="javascript:parent.__xss_iframe=1"></iframe>
  <iframe srcdoc="<script>parent.__xss_srcdoc=1</script>"></iframe>
  <svg><script>window.__xss_svg = 1</script></svg>
  <svg onload="window.__xss_svg_onload = 1"><circle r="2"/></svg>
  <object data="javascript:window.__xss_object=1"></object>
  <embed src="javascript:window.__xss_embed=1">
  <form action="javascript:window.__xss_form=1"><button id="xss-form-button">form button</button></form>
  <math><mtext><table><mglyph><style><img src=x onerror="window.__xss_mxss=1"></style></mglyph></table></mtext></math>
  <details open ontoggle="window.__xss_ontoggle=1"><summary>toggle</summary></details>
  <input autofocus onfocus="window.__xss_onfocus=1">
  <meta http-equiv="refresh" content="0;url=javascript:window.__xss_refresh=1">
  <base href="javascript:window.__xss_base=1//">
  <ul class="tasks"><li><input type="checkbox" disabled> <img src=x onerror="window.__xss_task=1"> payload task</li></ul>
  <img src="https://tracker.invalid/pixel.gif" alt="pixel">
  <link rel="stylesheet" href="https://tracker.invalid/sheet.css">
  <style>body { background: url(https://tracker.invalid/background.png); }</style>
  <p><a href="https://tracker.invalid/page" target="_top">tracker link</a></p>
`;

/** A host the payloads try to reach: no request may ever go there (tracking pixels, stylesheets). */
export const TRACKER_HOST = "tracker.invalid";

export const XSS_MARKDOWN = `---
title: "<script>window.__xss_md_title=1</script>Markdown payloads"
status: in-progress
branch: main
timestamp: 2026-11-20T09:00:00Z
---

# Checkpoint: Markdown payloads <img src=x onerror="window.__xss_md_h1=1">

## What We're Working On
<script>window.__xss_md_script=1</script>
<img src=x onerror="window.__xss_md_onerror=1">

[markdown javascript link](javascript:window.__xss_md_link=1)
[markdown entity link](&#x6A;avascript:window.__xss_md_entity=1)
<a href="javascript:window.__xss_md_html_link=1">html javascript link</a>
<iframe src="javascript:parent.__xss_md_iframe=1"></iframe>
<svg><script>window.__xss_md_svg=1</script></svg>
![image](javascript:window.__xss_md_img=1)
![pixel](https://tracker.invalid/md-pixel.gif)
<details open ontoggle="window.__xss_md_ontoggle=1"><summary>toggle</summary></details>

## Remaining Work
- [ ] <img src=x onerror="window.__xss_md_task=1"> payload task
- [x] <a href="javascript:window.__xss_md_task_link=1">task link</a>
`;

/** A word both XSS checkpoints contain, to reach them through search. */
export const XSS_SEARCH_WORD = "payloads";
