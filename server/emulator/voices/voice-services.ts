import type { EmulatorDeps } from '../route-module';
import { createCatalogJson, type CatalogJson } from './catalog-json';
import { createCatalogPreviews, type CatalogPreviews } from './catalog-previews';
import { createPreviewAssets, type PreviewAssets } from './preview-assets';
import { createVoiceCatalog, type VoiceCatalog } from './voice-catalog';
import { createVoiceUsage, type VoiceUsage } from './voice-usage';

/** What the voice list, speech and voice extend routes share within one emulator. */
export interface VoiceServices {
  catalog: VoiceCatalog;
  previews: CatalogPreviews;
  catalogJson: CatalogJson;
  usage: VoiceUsage;
  assets: PreviewAssets;
}

/**
 * Previews start rendering this long after the emulator starts, not at once: a short-lived
 * emulator (most tests, a CLI check) then never pays ~5 s of synthesis it does not need. A
 * voice list request starts the work immediately.
 */
const PREVIEW_START_DELAY_MS = 1_000;

const byEmulator = new WeakMap<EmulatorDeps, VoiceServices>();

/** The voice services of an emulator, created (and background work started) on first use. */
export function voiceServices(deps: EmulatorDeps): VoiceServices {
  const existing = byEmulator.get(deps);
  if (existing) return existing;
  const catalog = createVoiceCatalog(deps.env);
  const assets = createPreviewAssets(deps);
  const previews = createCatalogPreviews(
    [...catalog.generic, ...catalog.celebrity],
    assets,
    deps.logger,
  );
  const services: VoiceServices = {
    catalog,
    previews,
    catalogJson: createCatalogJson(catalog, previews, deps.mediaStore),
    usage: createVoiceUsage(deps.db),
    assets,
  };
  byEmulator.set(deps, services);
  const timer = setTimeout(() => previews.start(), PREVIEW_START_DELAY_MS);
  timer.unref();
  deps.onClose(async () => {
    clearTimeout(timer);
    await previews.stop();
    services.usage.flush();
  });
  return services;
}
