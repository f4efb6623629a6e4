import { deferred } from '../../../components/deferred';
import { ClosedPicker } from '../../../components/form/closed-picker';
import { DeferredField } from '../../../components/form/deferred-field';
import type { ToolPickerProps } from './tool-picker';
import { ToolSummary, toolInputClass, toolSearchHint, toolSummaryClass } from './tool-summary';

// The searchable list's library (positioning, virtual lists, focus handling) is the
// heaviest part of the page's code, and only needed once someone reaches for the picker.
const toolPicker = deferred(() => import('./tool-picker').then((module) => module.ToolPicker));

/** The tool picker, drawn closed at once and made searchable as soon as its code is in. */
export function DeferredToolPicker(props: ToolPickerProps) {
  return (
    <DeferredField preload={toolPicker.preload} placeholder={<ClosedToolPicker {...props} />}>
      <toolPicker.Component {...props} />
    </DeferredField>
  );
}

function ClosedToolPicker({ tools, value, label = 'Tool' }: ToolPickerProps) {
  const selected = tools.find((tool) => tool.name === value) ?? null;
  return (
    <ClosedPicker
      label={label}
      value={value}
      placeholder={toolSearchHint}
      inputClassName={toolInputClass}
      onWake={toolPicker.preload}
    >
      <div className={toolSummaryClass}>
        <ToolSummary selected={selected} />
      </div>
    </ClosedPicker>
  );
}
