import { TextField } from '../../components/form/fields.tsx';
import type { BoatLimits } from '../../domain/boats.ts';
import { formatMetres } from './form-values.ts';
import { boatTexts as t } from './texts.ts';

/** A boat's own data, named `${prefix}name`…: the marina's limits said beside the measures they bound. */
export function BoatDataFields({ limits, prefix = '' }: { limits: BoatLimits; prefix?: string }) {
  return (
    <>
      <TextField name={`${prefix}name`} label="Nombre del barco" autoComplete="off" />
      <TextField
        name={`${prefix}registration`}
        label={t.registration}
        hint="Ejemplo: 7ª-BA-1-23-19"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
      />
      <TextField name={`${prefix}make`} label={t.make} autoComplete="off" />
      <TextField name={`${prefix}model`} label={t.model} autoComplete="off" />
      <TextField
        name={`${prefix}lengthM`}
        label={`${t.length} (m)`}
        hint={t.lengthHint(formatMetres(limits.maxLengthM))}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        name={`${prefix}beamM`}
        label={`${t.beam} (m)`}
        hint={t.beamHint(formatMetres(limits.maxBeamM))}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField name={`${prefix}engine`} label={t.engine} autoComplete="off" />
    </>
  );
}
