/**
 * Calls of the List Management screen (spec back-office-and-shell sections 2
 * and 7; shapes in shared/schemas/reference-lists.ts), built on `apiFetch` (errors are `ApiError`
 * with the spec's message). Answers are parsed with the shared schemas.
 *
 * - {@link listCptPage}: GET /cpt_codes?page=&limit=10&search= -> `{ cpt_codes, total, page, total_pages, limit }`
 *   (`total_pages` falls back to ceil(total / 10), spec section 7).
 * - {@link listInsurancePage} / {@link addInsurance} / {@link renameInsurance} / {@link removeInsurance}:
 *   /lists/insurance.
 * - {@link listDoctorTypePage}: GET /lists/doctor_types.
 * - {@link requestImport}, {@link startImport}, {@link getImportJob}: /lists/import (upload with
 *   `sendToStorage` of web/src/documents/upload.ts, then start, then poll).
 */
import * as z from 'zod';
import {
  DoctorTypeListPageSchema,
  ImportJobResponseSchema,
  ImportTicketSchema,
  InsuranceListPageSchema,
  InsuranceSavedSchema,
  LIST_PAGE_SIZE,
  type DoctorTypeListPage,
  type ImportJob,
  type ImportKind,
  type ImportTicket,
  type InsuranceListPage,
  type InsuranceType,
} from '../../../../shared/schemas/reference-lists';
import { apiFetch } from '../../lib/api';

const CptPageSchema = z.object({
  cpt_codes: z.array(z.object({ cpt_code: z.string(), cpt_description: z.string() })),
  total: z.number(),
  page: z.number().optional(),
  total_pages: z.number().optional(),
  limit: z.number().optional(),
});

export interface CptTablePage {
  cpt_codes: { cpt_code: string; cpt_description: string }[];
  total: number;
  page: number;
  total_pages: number;
}

/** One page (1-based) of CPT codes, 10 per page, optionally searched. */
export async function listCptPage(page: number, search: string, signal?: AbortSignal): Promise<CptTablePage> {
  const body = await apiFetch<unknown>('/cpt_codes', {
    query: { page, limit: LIST_PAGE_SIZE, search: search.trim() || undefined },
    signal,
  });
  const parsed = CptPageSchema.parse(body);
  return {
    cpt_codes: parsed.cpt_codes,
    total: parsed.total,
    page: parsed.page ?? page,
    total_pages: parsed.total_pages ?? Math.ceil(parsed.total / LIST_PAGE_SIZE),
  };
}

/** One page of payers in name order (10 per page), `cursor` from the previous page. */
export async function listInsurancePage(
  search: string,
  cursor?: string,
  limit = LIST_PAGE_SIZE,
): Promise<InsuranceListPage> {
  const body = await apiFetch<unknown>('/lists/insurance', {
    query: { search: search.trim() || undefined, limit, cursor },
  });
  return InsuranceListPageSchema.parse(body);
}

export async function addInsurance(name: string): Promise<InsuranceType> {
  const body = await apiFetch<unknown>('/lists/insurance', { method: 'POST', body: { name } });
  return InsuranceSavedSchema.parse(body).insurance_type;
}

export async function renameInsurance(insurance_id: string, name: string): Promise<InsuranceType> {
  const body = await apiFetch<unknown>('/lists/insurance', { method: 'PATCH', body: { insurance_id, name } });
  return InsuranceSavedSchema.parse(body).insurance_type;
}

export async function removeInsurance(insurance_id: string): Promise<void> {
  await apiFetch<unknown>('/lists/insurance', { method: 'DELETE', query: { insurance_id } });
}

/** One page of the NUCC taxonomy (10 per page), searched by prefix of code or words. */
export async function listDoctorTypePage(search: string, cursor?: string): Promise<DoctorTypeListPage> {
  const body = await apiFetch<unknown>('/lists/doctor_types', {
    query: { search: search.trim() || undefined, limit: LIST_PAGE_SIZE, cursor },
  });
  return DoctorTypeListPageSchema.parse(body);
}

/** POST /lists/import: a job and the presigned upload of its file. */
export async function requestImport(kind: ImportKind, file: { name: string; size: number }): Promise<ImportTicket> {
  const body = await apiFetch<unknown>('/lists/import', {
    method: 'POST',
    body: { kind, file_name: file.name, size: file.size },
  });
  return ImportTicketSchema.parse(body);
}

export async function startImport(jobId: string): Promise<ImportJob> {
  const body = await apiFetch<unknown>('/lists/import/start', { method: 'POST', body: { job_id: jobId } });
  return ImportJobResponseSchema.parse(body).job;
}

export async function getImportJob(jobId: string, signal?: AbortSignal): Promise<ImportJob> {
  const body = await apiFetch<unknown>('/lists/import', { query: { job_id: jobId }, signal });
  return ImportJobResponseSchema.parse(body).job;
}
