/** `flashcards.csv`, or `flashcards-<set>.csv` with the set name made safe for a file name. */
export function exportFileName(setName?: string | null): string {
  const slug = (setName ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug ? `flashcards-${slug}.csv` : 'flashcards.csv';
}

/** Save text as a file through a temporary object URL and a clicked `<a download>`. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download asynchronously: revoke only after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Save bytes (an Anki package) as a file, the same way. */
export function downloadBlob(fileName: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
