/**
 * Puts a File the page made (a recording, a restored one) into a file input, so the input names
 * the file the form will send instead of "No file chosen". Where the browser cannot
 * (no DataTransfer constructor), the input is simply left as it is.
 */
export function showFileInInput(input: HTMLInputElement | null, file: File | null) {
  if (!input || input.files?.[0] === file) return;
  if (!file) {
    input.value = '';
    return;
  }
  if (typeof DataTransfer === 'undefined') return;
  try {
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  } catch {
    // Older Safari: the form still holds the file; the line under the input names it.
  }
}
