import { CompaniesManager } from './CompaniesManager';

/** /companies (spec 2 §2, super only: the route guard refuses everyone else). */
export default function CompaniesPage() {
  return <CompaniesManager />;
}
