//! The Azure clouds an account lives in: each has its own storage endpoint suffix, sign-in host and Resource
//! Manager host, which must be chosen together.

/// A cloud of Azure's, with the hosts that belong to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cloud {
    Public,
    China,
    UsGovernment,
}

impl Cloud {
    pub const ALL: [Cloud; 3] = [Cloud::Public, Cloud::China, Cloud::UsGovernment];

    pub fn label(self) -> &'static str {
        match self {
            Cloud::Public => "Azure",
            Cloud::China => "Azure China (21Vianet)",
            Cloud::UsGovernment => "Azure US Government",
        }
    }

    /// The storage endpoints' DNS suffix (`<account>.blob.<suffix>`).
    pub fn storage_suffix(self) -> &'static str {
        match self {
            Cloud::Public => "core.windows.net",
            Cloud::China => "core.chinacloudapi.cn",
            Cloud::UsGovernment => "core.usgovcloudapi.net",
        }
    }

    /// Where Microsoft Entra ID signs in for this cloud.
    pub fn sign_in_host(self) -> &'static str {
        match self {
            Cloud::Public => crate::oauth::PUBLIC_AUTHORITY,
            Cloud::China => "https://login.chinacloudapi.cn",
            Cloud::UsGovernment => "https://login.microsoftonline.us",
        }
    }

    /// Azure Resource Manager's host (subscriptions and storage accounts).
    pub fn resource_manager(self) -> &'static str {
        match self {
            Cloud::Public => "https://management.azure.com",
            Cloud::China => "https://management.chinacloudapi.cn",
            Cloud::UsGovernment => "https://management.usgovcloudapi.net",
        }
    }

    /// The audience Resource Manager's tokens are asked for (the one `az cloud show` calls
    /// `activeDirectoryResourceId`).
    pub fn resource_manager_audience(self) -> &'static str {
        match self {
            Cloud::Public => "https://management.core.windows.net/",
            Cloud::China => "https://management.core.chinacloudapi.cn/",
            Cloud::UsGovernment => "https://management.core.usgovcloudapi.net/",
        }
    }

    /// The Azure portal of this cloud.
    pub fn portal(self) -> &'static str {
        match self {
            Cloud::Public => "https://portal.azure.com",
            Cloud::China => "https://portal.azure.cn",
            Cloud::UsGovernment => "https://portal.azure.us",
        }
    }

    /// The cloud whose Resource Manager this is; a custom one (Azure Stack, a stand-in) is taken as the public
    /// cloud's audience, as the Azure CLI does for an unknown host.
    pub fn of_resource_manager(endpoint: &str) -> Cloud {
        let endpoint = endpoint.trim().trim_end_matches('/');
        Cloud::ALL
            .into_iter()
            .find(|c| c.resource_manager().eq_ignore_ascii_case(endpoint))
            .unwrap_or(Cloud::Public)
    }

    /// The cloud whose storage suffix this is (none for a custom one: an emulator, a proxy, Azure Stack).
    pub fn of_suffix(suffix: &str) -> Option<Cloud> {
        let suffix = suffix.trim().trim_matches('.');
        Cloud::ALL
            .into_iter()
            .find(|c| c.storage_suffix().eq_ignore_ascii_case(suffix))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cloud_is_found_by_its_suffix() {
        for cloud in Cloud::ALL {
            assert_eq!(Cloud::of_suffix(cloud.storage_suffix()), Some(cloud));
        }
        assert_eq!(Cloud::of_suffix(" Core.ChinaCloudApi.cn "), Some(Cloud::China));
        assert_eq!(Cloud::of_suffix("azurestack.local"), None);
    }
}
