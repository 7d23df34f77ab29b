import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isNotFound, NotThere } from '../../components/not-found.tsx';
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
  const missing = id === '' || isNotFound(query);
  return { id, query, person: query.data, missing };
}

/** The id leads nowhere: say so, and lead back to the list. */
export function PersonMissing() {
  return <NotThere text={t.notFound} backTo={paths.autorizados} backLabel={t.backToList} />;
}
