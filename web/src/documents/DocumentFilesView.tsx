import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentFilesQueryOptions } from './documentFiles.js';
import './documents.css';

/**
 * The files a driver uploaded, for the admin reviewing them: photos as thumbnails, PDFs as links,
 * each opening the file (served to the driver and admins only, never cached). `t` is the admin's.
 */
export function DocumentFilesView({ driverId, t, formatDate }: { driverId: string; t: (key: string, values?: Record<string, unknown>) => string; formatDate: (iso: string) => string }) {
  const app = useTranslation();
  const files = useQuery(documentFilesQueryOptions(driverId));
  if (files.isPending) return null;
  if (files.isError || files.data.files.length === 0) return <p className="fine-print">{t('drivers.details.noFiles')}</p>;
  return (
    <ul className="document-files" data-testid="document-files">
      {files.data.files.map((file) => {
        const name = app.t(`driver.documents.${file.kind}`);
        const type = file.contentType === 'application/pdf' ? 'PDF' : file.contentType.replace('image/', '').toUpperCase();
        return (
          <li key={file.fileId} className="document-files__item">
            <a href={file.href} target="_blank" rel="noopener" aria-label={t('drivers.details.openFile', { document: name })}>
              {file.contentType === 'application/pdf' ? <span className="button button--secondary">PDF</span> : <img src={file.href} alt={name} loading="lazy" />}
            </a>
            <strong>{name}</strong>
            <span className="fine-print">{t('drivers.details.fileMeta', { type, size: Math.max(1, Math.round(file.sizeBytes / 1000)), date: formatDate(file.attachedAt) })}</span>
          </li>
        );
      })}
    </ul>
  );
}
