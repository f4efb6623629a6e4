let takingOver = false;

/**
 * Runs `render`, the first render of a page prerendered by the build, so that each part of it
 * drawn in stages (src/components/staged.tsx) is drawn in a task of its own after it
 * (src/app/main.tsx).
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
