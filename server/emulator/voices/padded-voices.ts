import { languageName } from '../../../src/api/contract/languages';
import { pick, seededRandom } from '../media/palette';
import type { VoiceProfile } from './voice-profile';

/**
 * EMULATOR_VOICES=N: the generic catalog grows to N voices for scale tests. Each extra voice
 * copies the sound (and so the preview) of a seed voice, cycling through them, under a name
 * and description of its own. Padding never removes voices: N below the seed count changes
 * nothing.
 */

// prettier-ignore
const firstNames: Record<string, { female: string[]; male: string[] }> = {
  en: { female: ['Clara', 'Maya', 'Hannah', 'Zoe', 'Ruby', 'Elena', 'Chloe', 'Sadie'], male: ['Owen', 'Caleb', 'Ethan', 'Miles', 'Henry', 'Jonah', 'Adrian', 'Felix'] },
  es: { female: ['Carmen', 'Elena', 'Paula', 'Marta', 'Isabel', 'Alba'], male: ['Javier', 'Pablo', 'Andrés', 'Hugo', 'Sergio', 'Álvaro'] },
  fr: { female: ['Manon', 'Léa', 'Juliette', 'Inès', 'Margaux', 'Claire'], male: ['Hugo', 'Lucas', 'Théo', 'Julien', 'Mathis', 'Rémi'] },
  de: { female: ['Anna', 'Lea', 'Sophie', 'Marie', 'Hanna', 'Clara'], male: ['Lukas', 'Paul', 'Moritz', 'Jan', 'Tobias', 'Niklas'] },
  it: { female: ['Chiara', 'Francesca', 'Martina', 'Alessia', 'Elisa'], male: ['Matteo', 'Lorenzo', 'Davide', 'Andrea', 'Pietro'] },
  pt: { female: ['Ana', 'Mariana', 'Larissa', 'Camila', 'Joana'], male: ['João', 'Pedro', 'Gabriel', 'Lucas', 'Bruno'] },
  zh: { female: ['Xiaoyu', 'Lingling', 'Yating', 'Huimin', 'Jing'], male: ['Hao', 'Zhiqiang', 'Yifan', 'Lei', 'Chen'] },
  ja: { female: ['Aoi', 'Hina', 'Sakura', 'Mio', 'Rin'], male: ['Ren', 'Daiki', 'Takumi', 'Kaito', 'Yuto'] },
  hi: { female: ['Priya', 'Diya', 'Isha', 'Meera', 'Riya'], male: ['Rohan', 'Vikram', 'Aditya', 'Karan', 'Dev'] },
  ko: { female: ['Hayoon', 'Yuna', 'Soyeon', 'Eunji', 'Dahye'], male: ['Doyun', 'Hyunwoo', 'Joon', 'Taemin', 'Seojun'] },
};

// prettier-ignore
const surnames: Record<string, string[]> = {
  en: ['Hart', 'Bennett', 'Carter', 'Hayes', 'Brooks', 'Ellis', 'Quinn', 'Reed', 'Morgan', 'Lane'],
  es: ['García', 'Navarro', 'Ortega', 'Rivas', 'Serrano', 'Vidal'],
  fr: ['Martin', 'Lefèvre', 'Moreau', 'Girard', 'Fontaine', 'Roux'],
  de: ['Becker', 'Wagner', 'Schulz', 'Hoffmann', 'Krüger', 'Lang'],
  it: ['Rossi', 'Bianchi', 'Greco', 'Conti', 'Marino'],
  pt: ['Silva', 'Costa', 'Almeida', 'Rocha', 'Teixeira'],
  zh: ['Wang', 'Li', 'Zhang', 'Liu', 'Zhou'],
  ja: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Ito'],
  hi: ['Sharma', 'Verma', 'Iyer', 'Kapoor', 'Nair'],
  ko: ['Kim', 'Lee', 'Park', 'Choi', 'Jung'],
};

const styles = ['Warm', 'Crisp', 'Relaxed', 'Bright', 'Steady', 'Smooth', 'Lively', 'Gentle'];
const uses: Array<[tag: string, text: string]> = [
  ['narration', 'long-form narration'],
  ['ads', 'commercials and promos'],
  ['education', 'courses and explainers'],
  ['support', 'customer support flows'],
  ['podcast', 'podcasts and interviews'],
  ['news', 'news briefs'],
  ['games', 'game characters'],
  ['audiobook', 'audiobooks'],
];

/** Lower-case ASCII for ids: 'Andrés' → 'andres'. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

function paddedVoice(base: VoiceProfile, index: number): VoiceProfile {
  const random = seededRandom('padded-voice', index);
  const names = firstNames[base.language] ?? firstNames.en!;
  const pool =
    base.gender === 'male'
      ? names.male
      : base.gender === 'female'
        ? names.female
        : [...names.female, ...names.male];
  const first = pick(random, pool);
  const last = pick(random, surnames[base.language] ?? surnames.en!);
  const style = pick(random, styles);
  const [useTag, useText] = pick(random, uses);
  const usage = Math.floor(random() * 4000);
  return {
    ...base,
    voice_id: `${base.language}_${slug(first)}_${slug(last)}_${String(index).padStart(5, '0')}`,
    name: `${first} ${last}`,
    description: `${style} ${languageName(base.language)} voice for ${useText}.`,
    tags: [...new Set([useTag, style.toLowerCase(), ...base.tags.slice(0, 1)])],
    is_default: false,
    is_precompiled: usage > 2000,
    seedUsage: usage,
    previewOf: base.previewOf,
  };
}

/** The seeds followed by padded voices up to `total`. */
export function padCatalog(
  seeds: readonly VoiceProfile[],
  total: number | undefined,
): VoiceProfile[] {
  const voices = [...seeds];
  if (seeds.length === 0) return voices;
  for (let index = seeds.length; index < (total ?? 0); index++) {
    voices.push(paddedVoice(seeds[index % seeds.length]!, index));
  }
  return voices;
}
