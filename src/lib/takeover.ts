let takingOver = false;

/**
 * Runs `render`, the first render of a page prerendered by the build (src/app/main.tsx), so
 * that each part of it drawn in stages (src/components/staged.tsx) is drawn in a task of its own
 * after it. A part drawn that way is drawn through here too: a part staged inside it is then
 * held a task more, so a page whose content is one staged part (the layout's `<main>`) still
 * has its cards' content and forms drawn each in a task of their own.
 */
export function takeOverInStages(render: () => void) {
  takingOver = true;
  try {
    render();
  } finally {
    takingOver = false;
  }
}

/** Whether the render running now is taking over a prerendered page. */
export function isTakingOver() {
  return takingOver;
}
