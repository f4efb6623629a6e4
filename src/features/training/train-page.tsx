import { PageShell } from '../../components/page-shell';

export function TrainPage() {
  return (
    <PageShell
      title="Train"
      description="Train a custom voice from reference clips, or a music or video LoRA from a dataset."
    />
  );
}
