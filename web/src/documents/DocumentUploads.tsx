import { useQuery } from '@tanstack/react-query';
import './documents.css';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFileKinds, MAX_VEHICLE_PHOTOS } from '../../../domain/driverVerification/documents.js';
import { useToast } from '../toast/Toaster.js';
import { documentFilesQueryOptions, uploadRefusalOf, useUploadDocumentFile, type DocumentFileKind, type UploadRefusal } from './documentFiles.js';

/** What the file picker offers; the server decides by the content, whatever the name says. */
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/**
 * The driver's photos or PDFs of each document and of the vehicle: one row per kind with what is
 * uploaded and a button to upload (again). Refusals say, in the reader's language, what to send.
 */
export function DocumentUploads({ driverId }: { driverId: string }) {
  const { t } = useTranslation();
  const files = useQuery(documentFilesQueryOptions(driverId));
  return (
    <section className="card document-uploads" aria-labelledby="document-uploads-title" data-testid="document-uploads">
      <h2 id="document-uploads-title">{t('driver.files.title')}</h2>
      <p className="fine-print">{t('driver.files.hint')}</p>
      <ul className="document-uploads__list">
        {documentFileKinds.map((kind) => (
          <UploadRow key={kind} driverId={driverId} kind={kind} uploaded={(files.data?.files ?? []).filter((file) => file.kind === kind)} />
        ))}
      </ul>
    </section>
  );
}

function UploadRow({ driverId, kind, uploaded }: { driverId: string; kind: DocumentFileKind; uploaded: Array<{ fileId: string; href: string }> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const errorId = useId();
  const upload = useUploadDocumentFile(driverId);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const name = t(`driver.documents.${kind}`);
  const photos = kind === 'vehicle_photo';
  const full = photos && uploaded.length >= MAX_VEHICLE_PHOTOS;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefusal(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => toast({ title: t('driver.files.done', { document: name }) }),
        onError: (error) => setRefusal(uploadRefusalOf(error)),
      },
    );
  };

  return (
    <li className="document-uploads__item" data-testid={`upload-${kind}`}>
      <div className="document-uploads__what">
        <strong>{name}</strong>
        <span className={`badge${uploaded.length > 0 ? ' badge--success' : ' badge--muted'}`}>
          {photos ? t('driver.files.photos', { count: uploaded.length }) : uploaded.length > 0 ? t('driver.files.uploaded') : t('driver.files.missing')}
        </span>
        {uploaded.map((file, index) => (
          <a key={file.fileId} href={file.href} target="_blank" rel="noopener" className="link-button">
            {t('driver.files.view', { document: photos ? `${name} ${index + 1}` : name })}
          </a>
        ))}
      </div>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={ACCEPT}
        disabled={upload.isPending || full}
        aria-describedby={refusal ? errorId : undefined}
        onChange={choose}
      />
      <label htmlFor={inputId} className={`button button--secondary document-uploads__pick${upload.isPending || full ? ' is-disabled' : ''}`}>
        {upload.isPending ? t('driver.files.uploading') : t('driver.files.choose', { document: name })}
      </label>
      {refusal && (
        <p id={errorId} className="field__error" role="alert">
          {t(`driver.files.errors.${refusal}`)}
        </p>
      )}
    </li>
  );
}
