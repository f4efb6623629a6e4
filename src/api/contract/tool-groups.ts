/** Which endpoint a tool belongs to: POST /v1/video/generate or POST /v1/image/generate. */
export const toolEndpoints = ['video', 'image'] as const;

/** Picker sections. They are our grouping for the UI, not something the service knows. */
export const toolGroups = [
  'auto',
  'text',
  'from-image',
  'edit',
  'references',
  'lip-sync',
  'multi',
  'multi-shot',
  'multi-view',
] as const;

export const toolGroupLabels = {
  auto: 'Automatic',
  text: 'Text only',
  'from-image': 'From an image',
  edit: 'Edit',
  references: 'From references',
  'lip-sync': 'Lip-sync',
  multi: 'Multi series',
  'multi-shot': 'Multi-shot',
  'multi-view': 'Multi-view',
} as const satisfies Record<(typeof toolGroups)[number], string>;
