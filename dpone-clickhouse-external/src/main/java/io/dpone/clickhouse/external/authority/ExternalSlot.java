package io.dpone.clickhouse.external.authority;

import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;

/**
 * What external mode reads in a target's KeeperMap slot: its own record, or an internal V1 record
 * as a foreign baseline. Only {@link ExternalRecord}s are ever written by external mode.
 */
public sealed interface ExternalSlot extends SlotRecord permits ExternalRecord, InternalBaseline {}
