const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A minimal page: title, one sentence, a link back to the admin overview. */
export function renderPage(title: string, sentence: string): string {
  const safeTitle = escapeHtml(title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${safeTitle} - Flashcards</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}a{color:#4f46e5}</style>
</head>
<body>
<main>
<h1>${safeTitle}</h1>
<p>${escapeHtml(sentence)}</p>
<p><a href="/admin">Back to admin</a></p>
</main>
</body>
</html>
`;
}
