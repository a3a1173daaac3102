import { forwardRef, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file input whose button and file names are in the page language (the browser's own control
 * speaks the browser's language). The real input stays in the page, focusable and labelled, so the
 * keyboard and screen readers use it as usual; the label is its visible button.
 */
export const FilePicker = forwardRef<
  HTMLInputElement,
  {
    accept: string;
    multiple?: boolean;
    onFiles: (files: File[]) => void;
    testId: string;
    id?: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
  }
>(function FilePicker({ accept, multiple, onFiles, testId, id, ...aria }, ref) {
  const { t } = useTranslation('wallet');
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [names, setNames] = useState<string[]>([]);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    setNames(files.map((f) => f.name));
    onFiles(files);
  };
  return (
    <div className="wallet-file-picker">
      <span className="wallet-file-picker__face">
        <span className="wallet-file-picker__button" aria-hidden="true">
          {multiple ? t('common.choose_images') : t('common.choose_image')}
        </span>
        <input
          ref={ref}
          id={inputId}
          type="file"
          accept={accept}
          multiple={multiple}
          className="wallet-file-picker__input"
          onChange={change}
          data-testid={testId}
          {...aria}
        />
      </span>
      <span className="wallet-file-picker__names" data-testid={`${testId}-names`}>
        {names.length > 0 ? names.join(', ') : t('common.no_file')}
      </span>
    </div>
  );
});
