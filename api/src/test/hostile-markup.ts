// Card text a hostile file carries, and what the importers' sanitiser (lib/sanitize.ts) leaves
// of it: the import suites of the cards and packages modules share them.

/** A full-screen overlay with an off-site link, a script, event handlers and class/id games. */
export const HOSTILE =
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff" class="modal-overlay" id="root" onclick="alert(1)">' +
  'Session expired. <a href="https://evil.example/login" target="_self" style="display:block" onmouseover="alert(2)">Sign in again</a></div>' +
  '<script>alert(3)</script><style>body{display:none}</style><img src="https://example.org/a.png" onerror="alert(4)" class="toast">' +
  '<span class="cloze" style="position:absolute;top:0">x</span>';
/** What is left of it: the words, the link, the image; nothing that runs or reaches the page's CSS. */
export const HOSTILE_SANITISED =
  '<div>Session expired. <a href="https://evil.example/login">Sign in again</a></div><img src="https://example.org/a.png" /><span>x</span>';
