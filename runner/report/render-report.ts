/**
 * Report formats of `kofun-ctk run` and `kofun-ctk merge-reports`, and their file names.
 */
import type { GateReport } from './gate-report.js';
import { renderHtml } from './render-html.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { signedReportJson } from './report-digest.js';

export const REPORT_FORMATS = ['json', 'junit', 'md', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The report text in one format. JSON is the report itself, two-space indented, ending with its own digest. */
export function renderReport(report: GateReport, format: ReportFormat): string {
  switch (format) {
    case 'json':
      return signedReportJson(report);
    case 'junit':
      return renderJunit(report);
    case 'md':
      return renderMarkdown(report);
    case 'html':
      return renderHtml(report);
  }
}

/** The file name used under --report-dir. */
export function reportFileName(format: ReportFormat): string {
  switch (format) {
    case 'json':
      return 'kofun-ctk-report.json';
    case 'junit':
      return 'kofun-ctk-junit.xml';
    case 'md':
      return 'kofun-ctk-report.md';
    case 'html':
      return 'kofun-ctk-report.html';
  }
}
