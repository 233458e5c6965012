package io.dpone.clickhouse.external.provider;

import com.google.auto.service.AutoService;
import io.dpone.clickhouse.cluster.source.ReadingSourceInspector;
import io.dpone.spi.source.SourceInspector;

/**
 * Registers the core's source readers with the host, so a host with only this mode can check a
 * source offline; a provider must belong to the module that provides it, and the core provides none.
 */
@AutoService(SourceInspector.class)
public final class ExternalSourceInspector extends ReadingSourceInspector {}
