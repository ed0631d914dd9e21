import { Construction } from "lucide-react";
import { PageHeader } from "../../components/layout/PageHeader";
import { Card, EmptyState } from "../../components/ui";

/** A screen whose capability has not landed yet: said plainly, inside the shell. */
export default function PlaceholderPage({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card className="p-10">
        <EmptyState icon={Construction} title="Coming soon" description="This section is under development" />
      </Card>
    </>
  );
}
