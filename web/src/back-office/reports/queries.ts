/**
 * React Query keys and hooks of the Reports page. The permission check is read once per visit
 * (no retry: a failure sends the user to /dashboard, spec section 2 "Reports"); the history is
 * refreshed after each generation, successful or not (the server records both).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  downloadKeptReport,
  fetchReportHistory,
  fetchReportPermission,
  generatePaymentReport,
  saveFile,
  searchProviders,
} from './api';
import { reportKeys } from '../../lib/queryKeys';

export function useReportPermission() {
  return useQuery({
    queryKey: reportKeys.permission,
    queryFn: ({ signal }) => fetchReportPermission(signal),
    retry: false,
    staleTime: 0,
  });
}

export function useReportHistory(enabled: boolean) {
  return useQuery({ queryKey: reportKeys.history, queryFn: ({ signal }) => fetchReportHistory(signal), enabled });
}

/** Providers matching `search` (at least 1 character; the previous answer stays while typing). */
export function useProviderSearch(search: string, enabled: boolean) {
  const text = search.trim();
  return useQuery({
    queryKey: reportKeys.providers(text),
    queryFn: ({ signal }) => searchProviders(text, signal),
    enabled: enabled && text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Generate the report, save the file, refresh the history. Resolves with the file name. */
export function useGenerateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string | undefined) => {
      const file = await generatePaymentReport(userId);
      saveFile(file);
      return file.filename;
    },
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.history }),
  });
}

/** Download a kept report of the history again (GET /report/download). Resolves with the file name. */
export function useDownloadKeptReport() {
  return useMutation({ mutationFn: (id: string) => downloadKeptReport(id) });
}
