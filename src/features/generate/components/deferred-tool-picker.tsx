import { deferred } from '../../../components/deferred';
import { ClosedPicker } from '../../../components/form/closed-picker';
import { DeferredField } from '../../../components/form/deferred-field';
import type { ToolPickerProps } from './tool-picker';
import { ToolSummary, toolInputClass, toolSearchHint, toolSummaryClass } from './tool-summary';

// The searchable list's library (positioning, virtual lists, focus handling) is the
// heaviest part of the page's code and of its first render, and only needed once someone
// reaches for the picker: its code loads as someone comes near it, and it mounts when used.
const toolPicker = deferred(() => import('./tool-picker').then((module) => module.ToolPicker));

/** The tool picker, drawn closed, and made searchable once a pointer, finger or focus reaches it. */
export function DeferredToolPicker(props: ToolPickerProps) {
  return (
    <DeferredField
      code={toolPicker}
      placeholder={(wake) => <ClosedToolPicker {...props} onWake={wake} />}
    >
      <toolPicker.Component {...props} />
    </DeferredField>
  );
}

function ClosedToolPicker({
  tools,
  value,
  label = 'Tool',
  onWake,
}: ToolPickerProps & { onWake: () => void }) {
  const selected = tools.find((tool) => tool.name === value) ?? null;
  return (
    <ClosedPicker
      label={label}
      value={value}
      placeholder={toolSearchHint}
      inputClassName={toolInputClass}
      onWake={onWake}
      description={
        <div className={toolSummaryClass}>
          <ToolSummary selected={selected} />
        </div>
      }
    />
  );
}
