import { Link } from '@tanstack/react-router';
import { datasetForms, type DatasetForm } from '../purpose';
import { DatasetFormMenu } from './dataset-form-menu';

const formLabel = (form: DatasetForm) => datasetForms.find((f) => f.form === form)!.label;

/**
 * "Use as dataset": one click opens Train on the suggested form with this file as its dataset;
 * the menu beside it picks another form when the guess is wrong.
 */
export function DatasetMenu({
  fileId,
  filename,
  suggested,
}: {
  fileId: string;
  filename: string;
  suggested: DatasetForm;
}) {
  return (
    <div className="inline-flex rounded-lg shadow-xs">
      <Link
        to="/train"
        search={{ form: suggested, dataset: fileId }}
        className="inline-flex items-center rounded-l-lg bg-brand-600 px-3 py-1 text-xs max-md:min-h-11 font-medium text-white hover:bg-brand-700"
      >
        Use as dataset
        <span className="sr-only">
          {' '}
          for {formLabel(suggested)}: {filename}
        </span>
      </Link>
      <DatasetFormMenu fileId={fileId} filename={filename} suggested={suggested} />
    </div>
  );
}
