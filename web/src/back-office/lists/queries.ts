/**
 * React Query keys and hooks of the List Management screen. Everything lives
 * under `['lists', ...]`; payer changes also drop the case form's insurance suggestions
 * (`['cases', 'insurance']`, web/src/cases/queries.ts).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  IMPORT_POLL_MS,
  isImportFinished,
  type ImportJob,
  type ImportKind,
} from '../../../../shared/schemas/reference-lists';
import { sendToStorage } from '../../documents/upload';
import {
  addInsurance,
  getImportJob,
  listCptPage,
  listDoctorTypePage,
  listInsurancePage,
  removeInsurance,
  renameInsurance,
  requestImport,
  startImport,
} from './api';
import { caseKeys, listKeys } from '../../lib/queryKeys';

export function useCptPage(page: number, search: string) {
  return useQuery({
    queryKey: listKeys.cpt(page, search),
    queryFn: ({ signal }) => listCptPage(page, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInsurancePage(search: string, cursor?: string) {
  return useQuery({
    queryKey: listKeys.insurancePage(search, cursor),
    queryFn: () => listInsurancePage(search, cursor),
    placeholderData: keepPreviousData,
  });
}

export function useDoctorTypePage(search: string, cursor?: string) {
  return useQuery({
    queryKey: listKeys.doctorTypePage(search, cursor),
    queryFn: () => listDoctorTypePage(search, cursor),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateInsurance() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: caseKeys.insurance });
    await queryClient.invalidateQueries({ queryKey: listKeys.insurance });
  };
}

export function useAddInsurance() {
  const invalidate = useInvalidateInsurance();
  return useMutation({ mutationFn: (name: string) => addInsurance(name), onSuccess: invalidate });
}

export function useRenameInsurance() {
  const invalidate = useInvalidateInsurance();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => renameInsurance(input.id, input.name),
    onSuccess: invalidate,
  });
}

export function useRemoveInsurance() {
  const invalidate = useInvalidateInsurance();
  return useMutation({ mutationFn: (id: string) => removeInsurance(id), onSettled: invalidate });
}

/**
 * Cursor paging for the payer and doctor-type tables: the cursors of the pages seen so far, so that
 * Previous goes back without a cursor of its own. Reset when `resetKey` (the search) changes.
 */
export function useCursorPages(resetKey: string) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setCursors([undefined]);
  }
  const index = cursors.length - 1;
  return {
    cursor: cursors[index],
    pageNumber: index + 1,
    next: (nextCursor: string) => setCursors((c) => [...c, nextCursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    reset: () => setCursors([undefined]),
  };
}

/** Where a browser import stands. `uploadPercent` 0..100 while uploading; `job` once created. */
export type ImportState =
  | { step: 'idle' }
  | { step: 'uploading'; fileName: string; uploadPercent: number }
  | { step: 'importing'; fileName: string; job: ImportJob }
  | { step: 'finished'; fileName: string; job: ImportJob }
  | { step: 'error'; fileName: string; message: string };

type RunState =
  | { step: 'idle' }
  | { step: 'uploading'; fileName: string; uploadPercent: number }
  | { step: 'tracking'; fileName: string; started: ImportJob }
  | { step: 'error'; fileName: string; message: string };

/**
 * A browser import of `kind`: `run(file)` asks for a job and its presigned upload, sends the file
 * (progress in percent), starts the job, then polls GET /lists/import every {@link IMPORT_POLL_MS} ms
 * until it is done or failed. When done, the tables of that list (and the case form's CPT
 * suggestions) reload.
 */
export function useListImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<RunState>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const jobId = run.step === 'tracking' ? run.started.job_id : undefined;
  const poll = useQuery({
    queryKey: listKeys.job(jobId ?? ''),
    queryFn: async ({ signal }) => {
      const job = await getImportJob(jobId as string, signal);
      if (job.status === 'done') {
        void queryClient.invalidateQueries({ queryKey: kind === 'cpt' ? listKeys.cptPages : listKeys.doctorTypes });
        if (kind === 'cpt') {
          // The case form's suggestions (web/src/cases/queries.ts).
          void queryClient.invalidateQueries({ queryKey: caseKeys.cptSearches });
        }
      }
      return job;
    },
    enabled: Boolean(jobId),
    refetchInterval: (query) => (query.state.data && isImportFinished(query.state.data) ? false : IMPORT_POLL_MS),
    gcTime: 0,
  });

  const start = useCallback(
    async (file: File) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setRun({ step: 'uploading', fileName: file.name, uploadPercent: 0 });
      try {
        const ticket = await requestImport(kind, file);
        await sendToStorage(ticket.upload, file, {
          signal: controller.signal,
          onProgress: (uploadPercent) => setRun({ step: 'uploading', fileName: file.name, uploadPercent }),
        });
        const job = await startImport(ticket.job.job_id);
        setRun({ step: 'tracking', fileName: file.name, started: job });
      } catch (err) {
        if ((err as Error)?.name === 'AbortError') return;
        setRun({ step: 'error', fileName: file.name, message: (err as Error)?.message || 'Import failed' });
      }
    },
    [kind],
  );

  let state: ImportState;
  if (run.step === 'tracking') {
    const job = poll.data?.job_id === run.started.job_id ? poll.data : run.started;
    state = { step: isImportFinished(job) ? 'finished' : 'importing', fileName: run.fileName, job };
  } else {
    state = run;
  }
  const pollError = state.step === 'importing' && poll.isError ? (poll.error as Error).message : undefined;
  return { state, run: start, pollError, reset: () => setRun({ step: 'idle' }) };
}
