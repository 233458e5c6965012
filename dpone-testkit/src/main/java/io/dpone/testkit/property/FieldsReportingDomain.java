package io.dpone.testkit.property;

import java.util.Collection;
import java.util.List;
import net.jqwik.api.SampleReportingFormat;
import net.jqwik.api.domains.DomainContextBase;

/**
 * Brings {@link FieldsReportingFormat} to the properties it is declared on, wherever jqwik runs:
 * a jqwik domain's reporting formats apply on the module path too, where the
 * {@code META-INF/services} registration of a named module is not read, and a {@code provides} in
 * module-info would make the testkit unresolvable without jqwik (the simulator and the demo run
 * without it). Every suite declares it next to {@code DomainContext.Global}, so generation is
 * unchanged; a connector's own properties over the testkit's arbitraries can do the same.
 */
public class FieldsReportingDomain extends DomainContextBase {
    @Override
    public Collection<SampleReportingFormat> getReportingFormats() {
        return List.of(new FieldsReportingFormat());
    }
}
