/** The opening tag of a control someone can type into, choose in or press. */
const controlTag = /<(input|textarea|select|button)(?=[\s/>])/g;

/**
 * A drawn page's HTML with its controls (fields, selects, buttons) inert: until the app takes
 * the page over they take no focus and no input, so nothing typed is lost when the live page is
 * drawn. The rest of the page is as it will be (links lead where they will, text can be
 * selected), so taking it over changes only the controls: the app's first render drops each
 * one's `inert` as it diffs the element (src/app/preact-root.ts), and a part drawn in stages
 * (src/components/staged.tsx) keeps its controls held until it is drawn. Inert on the whole page
 * instead cost a style and layout of all of it when lifted: 16–35 ms at 4× CPU slowdown on
 * /voices, /speech and /train, in the task that takes the page over.
 *
 * React writes `<` as `&lt;` in text and attribute values, so every match is a tag.
 */
export function holdControls(html: string): string {
  return html.replace(controlTag, '<$1 inert');
}
