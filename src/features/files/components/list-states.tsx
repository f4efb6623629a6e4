export function UploadsSkeleton() {
  return (
    <ul aria-label="Loading uploaded files" aria-busy="true" className="space-y-3">
      {[0, 1, 2].map((n) => (
        <li
          key={n}
          className="h-14 motion-safe:animate-placeholder rounded-lg bg-zinc-100 dark:bg-zinc-800/60"
        />
      ))}
    </ul>
  );
}

export function NoUploads({ shared }: { shared: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
      <p className="text-sm font-medium">
        {shared
          ? 'No files uploaded through this gateway yet'
          : 'No files uploaded from this browser yet'}
      </p>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        Uploaded files appear here with their file ID, ready to preview or to use as a training
        dataset.
      </p>
    </div>
  );
}
