/**
 * The emulator's built-in generic voices. Each one is a distinct espeak-ng voice (language,
 * variant, pitch and rate), so previews really sound different, and each preview is spoken
 * in the voice's own language.
 */
export interface VoiceSeed {
  voice_id: string;
  name: string;
  description: string;
  gender: 'female' | 'male' | 'neutral';
  language: string;
  tags: string[];
  espeak: { voice: string; variant: string; pitch: number; wordsPerMinute: number };
  usage_count: number;
  is_precompiled: boolean;
  /** Voices shown with a short video preview (a rendered clip), as some catalog entries have. */
  has_video?: boolean;
}

/** Preview line per language: what a person hears when trying the voice. */
export const previewLines: Record<string, string> = {
  en: 'Hello! This is a preview of my voice. I can read your stories, your news and your product tours.',
  es: 'Hola, esta es una muestra de mi voz. Puedo leer tus historias, noticias y presentaciones.',
  fr: 'Bonjour, voici un aperçu de ma voix. Je peux lire vos histoires, vos actualités et vos présentations.',
  de: 'Hallo, das ist eine Hörprobe meiner Stimme. Ich lese Geschichten, Nachrichten und Präsentationen.',
  it: 'Ciao, questa è un’anteprima della mia voce. Posso leggere storie, notizie e presentazioni.',
  pt: 'Olá, esta é uma amostra da minha voz. Posso ler histórias, notícias e apresentações.',
  zh: '你好，这是我的声音预览。我可以为你朗读故事、新闻和产品介绍。',
  ja: 'こんにちは。これは私の声のサンプルです。物語やニュースを読み上げます。',
  hi: 'नमस्ते, यह मेरी आवाज़ का नमूना है। मैं आपकी कहानियाँ और समाचार पढ़ सकती हूँ।',
  ko: '안녕하세요. 제 목소리 미리 듣기입니다. 이야기와 뉴스를 읽어 드릴 수 있어요.',
};

type Row = [
  id: string,
  name: string,
  gender: VoiceSeed['gender'],
  description: string,
  tags: string,
  voice: string,
  variant: string,
  pitch: number,
  wpm: number,
  usage: number,
];

// prettier-ignore
const rows: Record<string, Row[]> = {
  en: [
    ['en_aria', 'Aria', 'female', 'Warm, clear American narrator for explainers and product tours.', 'narration,warm,conversational', 'en-us', 'f3', 55, 165, 18230],
    ['en_marcus', 'Marcus', 'male', 'Deep, steady American voice for documentaries and trailers.', 'narration,deep,documentary', 'en-us', 'm3', 30, 150, 12904],
    ['en_olivia', 'Olivia', 'female', 'Bright British presenter, crisp and upbeat.', 'presenter,british,upbeat', 'en-gb', 'f2', 62, 175, 9876],
    ['en_james', 'James', 'male', 'Calm British storyteller with a measured pace.', 'audiobook,british,calm', 'en-gb', 'm1', 40, 145, 8450],
    ['en_nova', 'Nova', 'neutral', 'Even, neutral assistant voice for interfaces and IVR.', 'assistant,neutral,ivr', 'en-us', 'm4', 50, 170, 7311],
    ['en_grace', 'Grace', 'female', 'Soft-spoken voice for meditation and wellness content.', 'meditation,soft,slow', 'en-us', 'f4', 48, 130, 5102],
    ['en_leo', 'Leo', 'male', 'Energetic young voice for ads, games and social clips.', 'ads,energetic,young', 'en-us', 'm7', 58, 190, 6620],
    ['en_harper', 'Harper', 'female', 'Confident newsreader with precise diction.', 'news,confident,formal', 'en-us', 'f1', 57, 172, 4988],
    ['en_silas', 'Silas', 'male', 'Gravelly character voice for villains and fantasy.', 'character,gravelly,fantasy', 'en-gb', 'm6', 22, 140, 3120],
    ['en_ivy', 'Ivy', 'female', 'Friendly support agent voice, patient and kind.', 'support,friendly,conversational', 'en-us', 'f5', 60, 160, 2874],
    ['en_theo', 'Theo', 'male', 'Scottish-tinged lecturer for e-learning courses.', 'education,lecture,scottish', 'en-gb-scotland', 'm2', 45, 155, 1930],
    ['en_whisper', 'Wren', 'female', 'Breathy whisper for ASMR and intimate scenes.', 'whisper,asmr,intimate', 'en-us', 'whisperf', 50, 135, 1402],
  ],
  es: [
    ['es_lucia', 'Lucía', 'female', 'Voz castellana cálida para narraciones y documentales.', 'narration,warm,spain', 'es', 'f3', 56, 160, 7430],
    ['es_mateo', 'Mateo', 'male', 'Locutor latinoamericano con energía para anuncios.', 'ads,energetic,latam', 'es-419', 'm3', 38, 175, 6012],
    ['es_valeria', 'Valeria', 'female', 'Presentadora clara para noticias y tutoriales.', 'news,clear,latam', 'es-419', 'f2', 60, 168, 3890],
    ['es_diego', 'Diego', 'male', 'Voz grave y pausada para audiolibros.', 'audiobook,deep,calm', 'es', 'm1', 28, 140, 2711],
    ['es_sol', 'Sol', 'neutral', 'Asistente neutral para menús de voz.', 'assistant,neutral,ivr', 'es', 'm4', 50, 165, 1544],
  ],
  fr: [
    ['fr_camille', 'Camille', 'female', 'Voix parisienne élégante pour la publicité et la mode.', 'ads,elegant,paris', 'fr', 'f3', 58, 165, 6655],
    ['fr_louis', 'Louis', 'male', 'Narrateur posé pour documentaires et livres audio.', 'narration,calm,documentary', 'fr', 'm1', 35, 148, 5120],
    ['fr_chloe', 'Chloé', 'female', 'Voix jeune et souriante pour les réseaux sociaux.', 'social,young,bright', 'fr', 'f5', 64, 178, 2450],
    ['fr_antoine', 'Antoine', 'male', 'Présentateur belge pour actualités et podcasts.', 'news,podcast,belgian', 'fr-be', 'm3', 42, 160, 1987],
    ['fr_elise', 'Élise', 'female', 'Voix douce pour la relaxation et les contes.', 'meditation,stories,soft', 'fr', 'f4', 50, 132, 1210],
  ],
  de: [
    ['de_lena', 'Lena', 'female', 'Klare Sprecherin für Erklärvideos und E-Learning.', 'education,clear,explainer', 'de', 'f3', 56, 160, 5890],
    ['de_felix', 'Felix', 'male', 'Markante Stimme für Werbung und Trailer.', 'ads,trailer,bold', 'de', 'm3', 32, 158, 4760],
    ['de_mia', 'Mia', 'female', 'Freundliche Stimme für Kundenservice.', 'support,friendly,conversational', 'de', 'f2', 62, 165, 2330],
    ['de_jonas', 'Jonas', 'male', 'Ruhiger Erzähler für Hörbücher.', 'audiobook,calm,narration', 'de', 'm1', 38, 142, 1875],
    ['de_kai', 'Kai', 'neutral', 'Neutrale Assistenzstimme für Sprachmenüs.', 'assistant,neutral,ivr', 'de', 'm4', 50, 165, 990],
  ],
  it: [
    ['it_giulia', 'Giulia', 'female', 'Voce solare per pubblicità e viaggi.', 'ads,bright,travel', 'it', 'f3', 60, 168, 3980],
    ['it_marco', 'Marco', 'male', 'Narratore profondo per documentari.', 'narration,deep,documentary', 'it', 'm3', 30, 150, 3310],
    ['it_sofia', 'Sofia', 'female', 'Voce gentile per tutorial e assistenza.', 'support,gentle,tutorial', 'it', 'f4', 54, 158, 1640],
    ['it_luca', 'Luca', 'male', 'Voce giovane ed energica per i social.', 'social,energetic,young', 'it', 'm7', 56, 182, 1210],
  ],
  pt: [
    ['pt_beatriz', 'Beatriz', 'female', 'Voz brasileira calorosa para narração.', 'narration,warm,brazil', 'pt-br', 'f3', 58, 162, 5230],
    ['pt_rafael', 'Rafael', 'male', 'Locutor brasileiro para anúncios e rádio.', 'ads,radio,brazil', 'pt-br', 'm3', 36, 172, 4120],
    ['pt_ines', 'Inês', 'female', 'Voz europeia clara para notícias.', 'news,clear,portugal', 'pt', 'f2', 60, 160, 1530],
    ['pt_tiago', 'Tiago', 'male', 'Narrador calmo para audiolivros.', 'audiobook,calm,portugal', 'pt', 'm1', 40, 145, 980],
  ],
  zh: [
    ['zh_mei', 'Mei', 'female', '温柔清晰的普通话女声，适合讲解和客服。', 'support,gentle,mandarin', 'cmn', 'f3', 60, 160, 8820],
    ['zh_wei', 'Wei', 'male', '沉稳的普通话男声，适合新闻与纪录片。', 'news,documentary,mandarin', 'cmn', 'm3', 35, 150, 7440],
    ['zh_lan', 'Lan', 'female', '活泼的年轻女声，适合短视频。', 'social,young,mandarin', 'cmn', 'f5', 66, 175, 3010],
    ['zh_jun', 'Jun', 'male', '磁性男声，适合有声书。', 'audiobook,deep,mandarin', 'cmn', 'm1', 28, 140, 2270],
  ],
  ja: [
    ['ja_yui', 'Yui', 'female', '明るく聞き取りやすい女性の声。ナレーション向け。', 'narration,bright,anime', 'ja', 'f3', 64, 160, 6100],
    ['ja_haruto', 'Haruto', 'male', '落ち着いた男性の声。ニュースや解説に。', 'news,calm,explainer', 'ja', 'm3', 38, 150, 3550],
    ['ja_sora', 'Sora', 'neutral', 'ニュートラルなアシスタントの声。', 'assistant,neutral,ivr', 'ja', 'm4', 52, 160, 1200],
  ],
  hi: [
    ['hi_ananya', 'Ananya', 'female', 'गर्मजोशी भरी हिंदी आवाज़, कहानियों और विज्ञापनों के लिए।', 'narration,warm,ads', 'hi', 'f3', 58, 158, 4300],
    ['hi_arjun', 'Arjun', 'male', 'गंभीर हिंदी आवाज़, समाचार और वृत्तचित्र के लिए।', 'news,deep,documentary', 'hi', 'm3', 34, 150, 3370],
    ['hi_kavya', 'Kavya', 'female', 'मित्रवत आवाज़, ग्राहक सहायता के लिए।', 'support,friendly,conversational', 'hi', 'f2', 62, 162, 1150],
  ],
  ko: [
    ['ko_jiwoo', 'Jiwoo', 'female', '맑고 친근한 여성 목소리, 안내와 내레이션용.', 'narration,friendly,clear', 'ko', 'f3', 62, 160, 3900],
    ['ko_minjun', 'Minjun', 'male', '차분한 남성 목소리, 뉴스와 강의용.', 'news,calm,education', 'ko', 'm3', 36, 150, 2600],
    ['ko_seoyeon', 'Seoyeon', 'female', '밝고 생기 있는 목소리, 광고와 숏폼용.', 'ads,bright,social', 'ko', 'f5', 66, 176, 1320],
  ],
};

/** Voices with a video preview: a few headline voices, as real catalogs feature them. */
const withVideo = new Set(['en_aria', 'en_marcus', 'es_lucia', 'fr_camille', 'zh_mei', 'ja_yui']);

export const defaultVoiceId = 'en_aria';

export const voiceSeeds: VoiceSeed[] = Object.entries(rows).flatMap(([language, list]) =>
  list.map(([voice_id, name, gender, description, tags, voice, variant, pitch, wpm, usage]) => ({
    voice_id,
    name,
    description,
    gender,
    language,
    tags: tags.split(','),
    espeak: { voice, variant, pitch, wordsPerMinute: wpm },
    usage_count: usage,
    is_precompiled: usage > 2000,
    has_video: withVideo.has(voice_id),
  })),
);
