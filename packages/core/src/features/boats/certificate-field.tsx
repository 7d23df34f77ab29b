import { useField } from 'formik';
import { shownError } from '../../components/form/fields.tsx';
import { FileInputField } from '../../components/form/file-input-field.tsx';
import { certificateProblem, sniffCertificateType } from '../../domain/boats.ts';
import type { CertificateChoice } from './form-values.ts';
import { boatTexts as t } from './texts.ts';

/** The magic numbers the rule reads (a PNG's signature is the longest). */
const HEAD_BYTES = 8;

/**
 * The insurance certificate: checked by its first bytes and size as soon as it is chosen, so a wrong file
 * is refused on the field before anything is sent; the server checks it again on upload.
 */
export function CertificateField({ name = 'certificate', label = t.certificate }: { name?: string; label?: string }) {
  const [, meta, helpers] = useField<CertificateChoice | null>(name);
  const error = shownError(meta);
  const choose = async (file: File | undefined) => {
    if (!file) {
      await helpers.setValue(null);
      return;
    }
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const problem = certificateProblem(head, file.size);
    const type = sniffCertificateType(head);
    await helpers.setTouched(true, false);
    await helpers.setValue(
      problem || !type ? { name: file.name, file: null, problem: problem ?? 'type' } : { name: file.name, file, type },
    );
  };
  return (
    <FileInputField
      name={name}
      label={label}
      hint={t.certificateHint}
      error={error}
      accept="application/pdf,image/jpeg,image/png"
      onFile={(file) => void choose(file)}
    />
  );
}
