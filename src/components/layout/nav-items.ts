export interface NavItem {
  to:
    | '/'
    | '/generate'
    | '/voices'
    | '/speech'
    | '/train'
    | '/jobs'
    | '/files'
    | '/sandbox'
    | '/usage'
    | '/settings';
  label: string;
  description: string;
}

export const navItems: NavItem[] = [
  { to: '/', label: 'Home', description: 'Shortcuts and training jobs at a glance' },
  { to: '/generate', label: 'Generate', description: 'Images and video from a prompt' },
  { to: '/voices', label: 'Voices', description: 'Browse and preview the voice catalog' },
  { to: '/speech', label: 'Speech', description: 'Text to speech and voice extend' },
  { to: '/train', label: 'Train', description: 'Custom voices and LoRA adapters' },
  { to: '/jobs', label: 'Jobs', description: 'Training jobs, live' },
  { to: '/files', label: 'Files', description: 'Uploads for other endpoints' },
  { to: '/sandbox', label: 'Sandbox', description: 'Persistent code sandboxes' },
  { to: '/usage', label: 'Usage', description: 'What the team spent, and on what' },
  { to: '/settings', label: 'Settings', description: 'Connection and appearance' },
];
