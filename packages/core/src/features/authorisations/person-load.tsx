import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { ButtonLink } from '../../components/button.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { authorisationQuery } from './api/authorisations.ts';
import { authorisationTexts as t } from './texts.ts';

/**
 * The person a screen of one (`?id=`) is about. `missing`: no id, or the server knows none of the owner's
 * by it (another account's id answers the same 404).
 */
export function usePerson() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { api } = useServices();
  const client = useQueryClient();
  const query = useQuery({ ...authorisationQuery(api, client, id), enabled: id !== '' });
  const missing = id === '' || (query.error instanceof ApiError && query.error.code === 'not_found' && !query.data);
  return { id, query, person: query.data, missing };
}

/** The id leads nowhere: say so, and lead back to the list. */
export function PersonMissing() {
  return (
    <div className={ui.stack}>
      <p>{t.notFound}</p>
      <ButtonLink to={paths.autorizados} fullWidth>
        {t.backToList}
      </ButtonLink>
    </div>
  );
}
