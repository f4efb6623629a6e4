/**
 * Asks before removing an entry of the gateway's shared history: everyone on the gateway
 * loses it, not only this browser. `what` names the entry; `kept` says what the service
 * keeps (the removal only takes the entry off the history).
 */
export function confirmSharedRemoval(what: string, kept: string): boolean {
  return window.confirm(
    `Remove ${what} from the history of everyone on this gateway? ${kept}`.trimEnd(),
  );
}
