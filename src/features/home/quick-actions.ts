import { linkOptions } from '@tanstack/react-router';

/** The home page's shortcuts: each opens a page already set up for the task it names. */
export const quickActions = [
  {
    title: 'Generate an image',
    description: 'From a prompt, a reference or an edit of your own picture.',
    link: linkOptions({ to: '/generate', search: { tab: 'image' } }),
  },
  {
    title: 'Generate a video',
    description: 'Text or image to video, lip-sync, multi-shot series.',
    link: linkOptions({ to: '/generate', search: { tab: 'video' } }),
  },
  {
    title: 'Synthesize speech',
    description: 'Text to speech with any voice, or extend a recording.',
    link: linkOptions({ to: '/speech', search: { tab: 'speech' } }),
  },
  {
    title: 'Browse voices',
    description: 'Search, preview and compare the voice catalog.',
    link: linkOptions({ to: '/voices', search: {} }),
  },
  {
    title: 'Train a voice',
    description: 'A custom voice from a few clean recordings.',
    link: linkOptions({ to: '/train', search: { form: 'voice' } }),
  },
  {
    title: 'Train a LoRA',
    description: 'A music or video adapter from a zipped dataset.',
    link: linkOptions({ to: '/train', search: { form: 'music' } }),
  },
  {
    title: 'Upload files',
    description: 'Datasets, references and media for other endpoints.',
    link: linkOptions({ to: '/files' }),
  },
  {
    title: 'Open a sandbox',
    description: 'A persistent Python or Node.js session with packages.',
    link: linkOptions({ to: '/sandbox' }),
  },
];
