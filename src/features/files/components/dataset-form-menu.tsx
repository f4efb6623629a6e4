import { Suspense, useState } from 'react';
import { deferred, usePreloadWhenUsed } from '../../../components/deferred';
import {
  menuButtonClass,
  MenuChevron,
  type DatasetFormMenuProps,
} from './dataset-form-menu-button';

/**
 * The menu library (with its positioning code) loads after the page, once the page is used or as soon as
 * a pointer or the focus reaches the button: the Files page draws without it.
 */
const real = deferred(() =>
  import('./dataset-form-menu-real').then((module) => module.DatasetFormMenuReal),
);

export function DatasetFormMenu(props: DatasetFormMenuProps) {
  const [pressed, setPressed] = useState(false);
  usePreloadWhenUsed(real.preload);
  // Until the code arrives, the same button: pressing it opens the menu once it is there.
  const standIn = (
    <button
      type="button"
      aria-label={`Choose a training form for ${props.filename}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={real.preload}
      onFocus={real.preload}
      onTouchStart={real.preload}
      onClick={() => setPressed(true)}
      className={menuButtonClass}
    >
      <MenuChevron />
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      <real.Component {...props} openAtOnce={pressed} />
    </Suspense>
  );
}
