import { seededRandom } from '../media/palette';
import type { LoraInputsSummary } from './check-lora-dataset';
import { encodeSafetensors, type Tensor } from './safetensors';
import { trainingPlans } from './training-plan';

// A rank-8 LoRA on the attention query and value projections of four transformer blocks:
// the layout PEFT writes, at a width that keeps the file near 150 KB.
const RANK = 8;
const BLOCKS = 4;
const PROJECTIONS = ['to_q', 'to_v'] as const;
const layouts = {
  music_lora: { width: 256, baseModel: 'emulator-music-base' },
  video_lora: { width: 320, baseModel: 'emulator-video-base' },
} as const;

/** Small values spread evenly around 0, from the seeded generator. */
function weights(random: () => number, count: number, scale: number): Float32Array {
  const values = new Float32Array(count);
  for (let i = 0; i < count; i++) values[i] = (random() * 2 - 1) * scale;
  return values;
}

/**
 * A real safetensors LoRA adapter whose weights derive from the dataset's sha256 (and the
 * kind): training the same dataset again gives a byte-identical file.
 */
export function buildLoraAdapter(name: string, summary: LoraInputsSummary): Uint8Array {
  const { width, baseModel } = layouts[summary.kind];
  const random = seededRandom('lora', summary.kind, summary.dataset_sha256);
  const tensors: Tensor[] = [];
  for (let block = 0; block < BLOCKS; block++) {
    for (const projection of PROJECTIONS) {
      const prefix = `base_model.model.transformer_blocks.${block}.attn.${projection}`;
      tensors.push(
        {
          name: `${prefix}.lora_A.weight`,
          shape: [RANK, width],
          data: weights(random, RANK * width, 0.02),
        },
        {
          name: `${prefix}.lora_B.weight`,
          shape: [width, RANK],
          data: weights(random, width * RANK, 0.005),
        },
      );
    }
  }
  return encodeSafetensors(tensors, {
    format: 'pt',
    name,
    kind: summary.kind,
    base_model: baseModel,
    rank: String(RANK),
    alpha: String(RANK),
    dataset_sha256: summary.dataset_sha256,
    train_items: String(summary.count),
    train_pieces: String(summary.pieces),
    total_steps: String(trainingPlans[summary.kind].totalSteps),
  });
}
