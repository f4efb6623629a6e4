import { useId } from 'react';
import type { Microphone } from './use-microphones';

interface DevicePickerProps {
  microphones: Microphone[];
  /** The open microphone's device. */
  deviceId: string | null;
  disabled: boolean;
  onChoose: (deviceId: string) => void;
}

/** Which microphone to record from; the list follows devices being plugged in and out. */
export function DevicePicker({ microphones, deviceId, disabled, onChoose }: DevicePickerProps) {
  const id = useId();
  const listed = microphones.some((microphone) => microphone.deviceId === deviceId);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        Microphone
      </label>
      <select
        id={id}
        value={listed ? (deviceId ?? '') : ''}
        disabled={disabled || microphones.length === 0}
        onChange={(event) => onChoose(event.target.value)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {!listed && (
          <option value="">
            {microphones.length ? 'Choose a microphone' : 'Default microphone'}
          </option>
        )}
        {microphones.map((microphone) => (
          <option key={microphone.deviceId} value={microphone.deviceId}>
            {microphone.label}
          </option>
        ))}
      </select>
    </div>
  );
}
