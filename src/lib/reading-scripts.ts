/**
 * Short sentences to read aloud while recording a voice clip. A voice model learns from the
 * sounds it hears, so each set mixes vowels, consonant clusters and the sounds particular to
 * its language instead of repeating a few; plain everyday sentences are read naturally, which
 * is what a clip should sound like. The English set is Harvard sentences (IEEE 1969, public
 * domain), built for exactly this balance; the others are written in the same spirit.
 */
export interface ReadingScript {
  /** BCP 47 language tag, also set as `lang` on the shown text so screen readers read it right. */
  language: string;
  /** The language's name in its own words, as people look for it in a list. */
  label: string;
  sentences: readonly string[];
}

export const readingScripts: readonly ReadingScript[] = [
  {
    language: 'en',
    label: 'English',
    sentences: [
      'The birch canoe slid on the smooth planks.',
      'Glue the sheet to the dark blue background.',
      'It’s easy to tell the depth of a well.',
      'These days a chicken leg is a rare dish.',
      'Rice is often served in round bowls.',
      'The juice of lemons makes fine punch.',
      'The box was thrown beside the parked truck.',
      'Four hours of steady work faced us.',
      'A large size in stockings is hard to sell.',
    ],
  },
  {
    language: 'es',
    label: 'Español',
    sentences: [
      'El perro de Rosa corre junto al río cada mañana.',
      'Juan guardó las llaves en el cajón de la cocina.',
      'La lluvia fina mojó los zapatos del niño.',
      'Hoy comimos pescado asado con arroz y limón.',
      'El tren llegó tarde porque nevaba en la sierra.',
      'Gabriela pintó un cuadro de girasoles amarillos.',
      'Queremos un café caliente antes de empezar.',
      'La guitarra vieja todavía suena muy bien.',
      'Ayer vimos un barco enorme cruzar la bahía.',
    ],
  },
  {
    language: 'fr',
    label: 'Français',
    sentences: [
      'Le chat gris dort sur le rebord de la fenêtre.',
      'Nous avons acheté du pain frais chez le boulanger.',
      'Une brise légère fait danser les feuilles jaunes.',
      'Ce grand bateau rouge quitte le port à l’aube.',
      'Il faut huit œufs pour réussir ce gâteau.',
      'Julien joue de la guitare dans le jardin.',
      'La voiture bleue s’est arrêtée devant l’église.',
      'Mon oncle cueille des champignons en automne.',
      'Quelle surprise de vous voir ici ce matin !',
    ],
  },
  {
    language: 'de',
    label: 'Deutsch',
    sentences: [
      'Der Zug nach München fährt pünktlich um acht Uhr ab.',
      'Im Herbst fallen die bunten Blätter von den Bäumen.',
      'Meine Schwester trinkt gern heiße Schokolade.',
      'Der Fuchs schleicht leise durch den dunklen Wald.',
      'Wir haben zwölf Äpfel auf dem Markt gekauft.',
      'Das kleine Boot schaukelt sanft auf dem See.',
      'Bitte schließ das Fenster, es zieht hier.',
      'Jürgen liest jeden Abend ein spannendes Buch.',
      'Die Brücke über den Fluss wurde gestern repariert.',
    ],
  },
  {
    language: 'it',
    label: 'Italiano',
    sentences: [
      'Il gatto nero dorme sulla sedia della cucina.',
      'Domani andiamo al mare con gli amici di Giulia.',
      'La zia ha preparato una torta di mele squisita.',
      'Il treno per Firenze parte alle nove in punto.',
      'Ogni sera guardiamo il cielo pieno di stelle.',
      'Il ragazzo ha chiuso la finestra per il freddo.',
      'Questa piazza è famosa per le sue fontane antiche.',
      'Ho comprato gnocchi freschi e un po’ di formaggio.',
      'Le campane suonano forte la domenica mattina.',
    ],
  },
  {
    language: 'pt',
    label: 'Português',
    sentences: [
      'O cão do vizinho late sempre ao anoitecer.',
      'Joana comprou pão quente e queijo na padaria.',
      'A chuva forte molhou a roupa no varal.',
      'Os pássaros cantam nas árvores do jardim.',
      'Vamos viajar de trem até a cidade do Porto.',
      'Minha avó faz um bolo de laranja delicioso.',
      'O barco azul chegou ao cais ao meio-dia.',
      'Zé guardou as chaves na gaveta da cozinha.',
      'Ninguém esperava tanta gente na festa de ontem.',
    ],
  },
  {
    language: 'ja',
    label: '日本語',
    sentences: [
      '今日はとても良い天気ですね。',
      '駅の前に新しいパン屋ができました。',
      '私は毎朝、公園を散歩します。',
      '子供たちが川で楽しそうに遊んでいる。',
      '昨日の夜、友達と映画を見に行きました。',
      'この料理はちょっと辛いけれど、おいしいです。',
      '窓を開けると、涼しい風が入ってきた。',
      '図書館で歴史の本を三冊借りました。',
      '来週の金曜日に京都へ旅行する予定です。',
    ],
  },
  {
    language: 'zh',
    label: '中文',
    sentences: [
      '今天的天气非常好，我们去公园散步吧。',
      '妈妈在厨房里做了一碗热汤。',
      '这本书是我昨天在书店买的。',
      '小猫在窗台上安静地睡觉。',
      '火车晚上八点从北京出发。',
      '请把桌子上的杯子递给我。',
      '春天来了，花园里开满了鲜花。',
      '他每天早上骑自行车去学校。',
      '我们周末打算去海边看日出。',
    ],
  },
];

/** Two or three sentences make 5 to 15 s read at an easy pace: one clip's worth. */
export const sentencesPerPage = 3;

/** The script for the first of the user's languages that has one (`navigator.languages`), else English. */
export function scriptFor(preferred: readonly string[]): ReadingScript {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    const script = readingScripts.find((candidate) => candidate.language === primary);
    if (script) return script;
  }
  return readingScripts[0]!;
}

/** The `page`-th group of sentences, going round to the start after the last. */
export function scriptPage(script: ReadingScript, page: number): string[] {
  const { sentences } = script;
  const pages = Math.ceil(sentences.length / sentencesPerPage);
  const first = (((page % pages) + pages) % pages) * sentencesPerPage;
  return sentences.slice(first, first + sentencesPerPage);
}
