/** A prerendered page's HTML, as the build writes it into the page, in a container of the body. */
export function drawn(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}
