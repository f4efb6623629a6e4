import { Link, getRouteApi } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { LoraTab } from './lora-tab';
import { trainForms } from './search';
import { VoiceTab } from './voice-tab';
import { TabStrip, tabClassName } from '../../components/tab-strip';
import { pageMeta } from '../../lib/page-meta';

const route = getRouteApi('/data/train');
const formLabels = { voice: 'Custom voice', music: 'Music LoRA', video: 'Video LoRA' } as const;

export function TrainPage() {
  const { form, dataset } = route.useSearch();

  return (
    <PageShell title={pageMeta.train.heading} description={pageMeta.train.summary}>
      <TabStrip label="Training forms">
        {trainForms.map((option) => (
          <Link
            key={option}
            to="/train"
            search={(prev) => ({ ...prev, form: option })}
            role="tab"
            id={`train-tab-${option}`}
            aria-controls={`train-panel-${option}`}
            aria-selected={form === option}
            className={tabClassName}
          >
            {formLabels[option]}
          </Link>
        ))}
      </TabStrip>
      {/* All stay mounted, so what was typed or dropped survives a look at another form. */}
      {trainForms.map((option) => (
        <div
          key={option}
          role="tabpanel"
          id={`train-panel-${option}`}
          aria-labelledby={`train-tab-${option}`}
          hidden={form !== option}
          className="mt-6"
        >
          {option === 'voice' ? (
            <VoiceTab />
          ) : (
            // The hand-over from Files goes to the form the link opened.
            <LoraTab form={option} initialFileId={form === option ? dataset : undefined} />
          )}
        </div>
      ))}
    </PageShell>
  );
}
